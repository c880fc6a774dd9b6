#ifndef OPENMARKET_CVIPS_LOADER_H
#define OPENMARKET_CVIPS_LOADER_H

// Fixed-signature entry points into libvips for MarketImages.
//
// Two reasons for this layer. libvips takes optional arguments as NULL-terminated varargs, which
// Swift cannot call, so each wrapper names exactly the options MarketImages uses. And libvips is
// opened with dlopen() by mi_start() instead of being linked: linked, its dependency tree (about
// a hundred libraries) was most of the shell's start-up time, even in runs that never touch an
// image. Call mi_start() once, before anything else here.
//
// Nor is glib linked: the two glib calls needed (g_object_unref, g_free) are looked up in the
// opened libvips, whose dependencies include glib. So a libvips image is opaque here, and Swift
// needs neither vips's nor glib's headers.

#include <stddef.h>

typedef struct _VipsImage VipsImage;

/// Opens and starts libvips once per process. Returns 0 on success, -1 when it cannot be loaded.
int mi_start(void);

/// Reads only the header: dimensions, orientation, page count, ICC presence. `buf` must outlive the image.
VipsImage *mi_header(const void *buf, size_t len);

/// Decodes with shrink-on-load and fits the result inside side × side, never enlarging, upright by
/// EXIF orientation. `loader_options` go to the loader ("fail_on=truncated", "n=-1"); `to_srgb`
/// converts an embedded colour profile to sRGB, so stripping metadata afterwards keeps the colours.
int mi_thumbnail_buffer(const void *buf, size_t len, int side, const char *loader_options, int to_srgb, VipsImage **out);

/// A JPEG decoded at 1/`shrink` of its size by the JPEG decoder itself (`shrink` 1, 2, 4 or 8: the
/// DCT is scaled, so the pixels left out are never decoded), then fitted inside side × side as
/// mi_thumbnail_buffer fits it (upright by EXIF orientation, `to_srgb` as there). libvips's own
/// thumbnailer leaves at least a factor of two to its resampler, so a 4032 px photo fitted to
/// 1600 px was decoded whole and resampled in plain C: most of the time of a shrink.
int mi_thumbnail_jpeg_shrunk(const void *buf, size_t len, int shrink, int side, int to_srgb, VipsImage **out);

/// Fits an already decoded image inside side × side (no shrink-on-load; keeps animation frames).
int mi_thumbnail_image(VipsImage *in, int side, VipsImage **out);

int mi_jpegsave(VipsImage *in, int quality, void **buf, size_t *len);

/// Truecolour tries every row filter (libvips's default is none, which made photos half again
/// larger); a palette image is quantised at effort 4, half the time of the default 7 for the same size.
int mi_pngsave(VipsImage *in, int palette, void **buf, size_t *len);

int mi_gifsave(VipsImage *in, void **buf, size_t *len);

/// Decodes with shrink-on-load to fit inside width × height (never enlarged, upright, the first
/// frame of an animation), as 8-bit sRGB or sRGBA pixels, rows packed: `*bands` is 3 or 4. The
/// pixels are g_malloc'd: release them with mi_free(). Returns 0 on success.
int mi_pixels(const void *buf, size_t len, int width, int height, int to_srgb, void **pixels, int *out_width,
              int *out_height, int *bands);

VipsImage *mi_copy_memory(VipsImage *in);
/// Drops one reference to `image` (glib's g_object_unref).
void mi_unref(VipsImage *image);
/// Frees what libvips allocated for an encoded image or for pixels (glib's g_free); NULL is fine.
void mi_free(void *memory);
int mi_width(VipsImage *image);
int mi_page_height(VipsImage *image);
int mi_n_pages(VipsImage *image);
int mi_orientation_swap(VipsImage *image);
int mi_has_icc_profile(VipsImage *image);
void mi_error_clear(void);

/// Whether libvips runs its liborc-compiled (vector) kernels; mi_start() turns them off, because
/// liborc frees compiled code unsafely when several threads do so at once.
int mi_vectors_enabled(void);

#endif
