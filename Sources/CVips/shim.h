#ifndef OPENMARKET_CVIPS_SHIM_H
#define OPENMARKET_CVIPS_SHIM_H

// libvips takes optional arguments as NULL-terminated varargs, which Swift cannot call. These
// fixed-signature wrappers name exactly the options MarketImages uses; everything else stays at
// libvips's defaults. Non-variadic libvips/GLib functions are called from Swift directly.

#include <vips/vips.h>

static inline void mi_discard_log(const gchar *domain, GLogLevelFlags level, const gchar *message,
                                  gpointer user_data) {
    (void)domain;
    (void)level;
    (void)message;
    (void)user_data;
}

/// Starts libvips once per process. Returns 0 on success.
static inline int mi_start(void) {
    if (VIPS_INIT("openmarket"))
        return -1;
    // Every call works on a fresh upload, so cached operations would never be hit again; they would
    // only keep buffers alive and let a long-running server grow.
    vips_cache_set_max(0);
    vips_cache_set_max_mem(0);
    // Damaged uploads make libvips and its loaders warn on stderr ("error in tile", "Premature end
    // of JPEG file"). Callers get a thrown error instead, so the console noise is dropped.
    g_log_set_handler("VIPS", (GLogLevelFlags)(G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO),
                      mi_discard_log, NULL);
    return 0;
}

/// Reads only the header: dimensions, orientation, page count, ICC presence. `buf` must outlive the image.
static inline VipsImage *mi_header(const void *buf, size_t len) {
    return vips_image_new_from_buffer(buf, len, "", "access", VIPS_ACCESS_SEQUENTIAL, NULL);
}

/// Decodes with shrink-on-load and fits the result inside side × side, never enlarging, upright by
/// EXIF orientation. `loader_options` go to the loader ("fail_on=truncated", "n=-1"); `to_srgb`
/// converts an embedded colour profile to sRGB, so stripping metadata afterwards keeps the colours.
/// `buf` must outlive the returned image unless it is copied to memory.
static inline int mi_thumbnail_buffer(const void *buf, size_t len, int side, const char *loader_options,
                                      int to_srgb, VipsImage **out) {
    if (to_srgb)
        return vips_thumbnail_buffer((void *)buf, len, out, side, "height", side, "size", VIPS_SIZE_DOWN,
                                     "fail_on", VIPS_FAIL_ON_TRUNCATED, "option_string", loader_options,
                                     "export_profile", "srgb", NULL);
    return vips_thumbnail_buffer((void *)buf, len, out, side, "height", side, "size", VIPS_SIZE_DOWN,
                                 "fail_on", VIPS_FAIL_ON_TRUNCATED, "option_string", loader_options, NULL);
}

/// Fits an already decoded image inside side × side (no shrink-on-load; keeps animation frames).
static inline int mi_thumbnail_image(VipsImage *in, int side, VipsImage **out) {
    return vips_thumbnail_image(in, out, side, "height", side, "size", VIPS_SIZE_DOWN, NULL);
}

static inline int mi_jpegsave(VipsImage *in, int quality, void **buf, size_t *len) {
    return vips_jpegsave_buffer(in, buf, len, "Q", quality, "strip", TRUE, "optimize_coding", TRUE, NULL);
}

/// Truecolour tries every row filter (libvips's default is none, which made photos half again
/// larger); a palette image is quantised at effort 4, half the time of the default 7 for the same size.
static inline int mi_pngsave(VipsImage *in, int palette, void **buf, size_t *len) {
    if (palette)
        return vips_pngsave_buffer(in, buf, len, "palette", TRUE, "effort", 4, "compression", 9,
                                   "bitdepth", 8, "strip", TRUE, NULL);
    return vips_pngsave_buffer(in, buf, len, "filter", VIPS_FOREIGN_PNG_FILTER_ALL, "compression", 6,
                               "bitdepth", 8, "strip", TRUE, NULL);
}

static inline int mi_gifsave(VipsImage *in, void **buf, size_t *len) {
    return vips_gifsave_buffer(in, buf, len, "strip", TRUE, NULL);
}

#endif
