#include <vips/vips.h>

#include "CVipsLoader.h"

#include <dlfcn.h>
#include <stdio.h>

// Filled once by mi_start(); read-only afterwards, so concurrent callers need no lock.
static struct {
    int (*init)(const char *);
    void (*cache_set_max)(int);
    void (*cache_set_max_mem)(size_t);
    VipsImage *(*new_from_buffer)(const void *, size_t, const char *, ...);
    int (*thumbnail_buffer)(void *, size_t, VipsImage **, int, ...);
    int (*thumbnail_image)(VipsImage *, VipsImage **, int, ...);
    int (*jpegsave_buffer)(VipsImage *, void **, size_t *, ...);
    int (*pngsave_buffer)(VipsImage *, void **, size_t *, ...);
    int (*gifsave_buffer)(VipsImage *, void **, size_t *, ...);
    VipsImage *(*copy_memory)(VipsImage *);
    int (*colourspace)(VipsImage *, VipsImage **, VipsInterpretation, ...);
    int (*cast)(VipsImage *, VipsImage **, VipsBandFormat, ...);
    void *(*write_to_memory)(VipsImage *, size_t *);
    int (*get_height)(const VipsImage *);
    int (*get_bands)(const VipsImage *);
    int (*get_width)(const VipsImage *);
    int (*get_page_height)(VipsImage *);
    int (*get_n_pages)(VipsImage *);
    int (*get_orientation_swap)(VipsImage *);
    GType (*get_typeof)(const VipsImage *, const char *);
    void (*error_clear)(void);
    // glib's, found through libvips's handle (dlsym searches the libraries it depends on).
    void (*object_unref)(gpointer);
    void (*free_memory)(gpointer);
    guint (*log_set_handler)(const gchar *, GLogLevelFlags, GLogFunc, gpointer);
    // Optional: libvips builds without the vector path may not export them.
    void (*vector_set_enabled)(int);
    int (*vector_isenabled)(void);
} api;

static void discard_log(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer user_data) {
    (void)domain;
    (void)level;
    (void)message;
    (void)user_data;
}

#define LOAD(field, symbol)                                   \
    do {                                                      \
        *(void **)(&api.field) = dlsym(handle, symbol);       \
        if (api.field == NULL) return -1;                     \
    } while (0)

int mi_start(void) {
    void *handle = dlopen("libvips.so.42", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) return -1;
    LOAD(init, "vips_init");
    LOAD(cache_set_max, "vips_cache_set_max");
    LOAD(cache_set_max_mem, "vips_cache_set_max_mem");
    LOAD(new_from_buffer, "vips_image_new_from_buffer");
    LOAD(thumbnail_buffer, "vips_thumbnail_buffer");
    LOAD(thumbnail_image, "vips_thumbnail_image");
    LOAD(jpegsave_buffer, "vips_jpegsave_buffer");
    LOAD(pngsave_buffer, "vips_pngsave_buffer");
    LOAD(gifsave_buffer, "vips_gifsave_buffer");
    LOAD(copy_memory, "vips_image_copy_memory");
    LOAD(get_width, "vips_image_get_width");
    LOAD(colourspace, "vips_colourspace");
    LOAD(cast, "vips_cast");
    LOAD(write_to_memory, "vips_image_write_to_memory");
    LOAD(get_height, "vips_image_get_height");
    LOAD(get_bands, "vips_image_get_bands");
    LOAD(get_page_height, "vips_image_get_page_height");
    LOAD(get_n_pages, "vips_image_get_n_pages");
    LOAD(get_orientation_swap, "vips_image_get_orientation_swap");
    LOAD(get_typeof, "vips_image_get_typeof");
    LOAD(error_clear, "vips_error_clear");
    LOAD(object_unref, "g_object_unref");
    LOAD(free_memory, "g_free");
    LOAD(log_set_handler, "g_log_set_handler");
    *(void **)(&api.vector_set_enabled) = dlsym(handle, "vips_vector_set_enabled");
    *(void **)(&api.vector_isenabled) = dlsym(handle, "vips_vector_isenabled");
    if (api.init("openmarket") != 0) return -1;
    // libvips 8.14 compiles its resampling kernels with liborc, whose freeing of compiled code is
    // not safe across threads: a server making thumbnails for parallel uploads crashed in
    // orc_code_free (SIGSEGV, or glibc's "malloc_consolidate(): unaligned fastbin chunk") after a
    // few thousand creates. The plain C path gives the same pixels; the thumbnails cost a little
    // more time (scripts/bench-images measures it).
    if (api.vector_set_enabled != NULL) api.vector_set_enabled(0);
    // Every call works on a fresh upload, so cached operations would never be hit again; they would
    // only keep buffers alive and let a long-running server grow.
    api.cache_set_max(0);
    api.cache_set_max_mem(0);
    // Damaged uploads make libvips and its loaders warn on stderr ("error in tile", "Premature end
    // of JPEG file"). Callers get a thrown error instead, so the console noise is dropped.
    api.log_set_handler("VIPS", (GLogLevelFlags)(G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO),
                          discard_log, NULL);
    return 0;
}

VipsImage *mi_header(const void *buf, size_t len) {
    return api.new_from_buffer(buf, len, "", "access", VIPS_ACCESS_SEQUENTIAL, NULL);
}

int mi_thumbnail_buffer(const void *buf, size_t len, int side, const char *loader_options, int to_srgb, VipsImage **out) {
    if (to_srgb)
        return api.thumbnail_buffer((void *)buf, len, out, side, "height", side, "size", VIPS_SIZE_DOWN, "fail_on",
                                    VIPS_FAIL_ON_TRUNCATED, "option_string", loader_options, "export_profile", "srgb",
                                    NULL);
    return api.thumbnail_buffer((void *)buf, len, out, side, "height", side, "size", VIPS_SIZE_DOWN, "fail_on",
                                VIPS_FAIL_ON_TRUNCATED, "option_string", loader_options, NULL);
}

int mi_thumbnail_jpeg_shrunk(const void *buf, size_t len, int shrink, int side, int to_srgb, VipsImage **out) {
    char options[64];
    snprintf(options, sizeof options, "shrink=%d,fail_on=truncated", shrink);
    VipsImage *in = api.new_from_buffer(buf, len, options, "access", VIPS_ACCESS_SEQUENTIAL, NULL);
    if (in == NULL) return -1;
    int status = to_srgb ? api.thumbnail_image(in, out, side, "height", side, "size", VIPS_SIZE_DOWN, "export_profile",
                                               "srgb", NULL)
                         : api.thumbnail_image(in, out, side, "height", side, "size", VIPS_SIZE_DOWN, NULL);
    // The thumbnail holds its own reference to the loaded image for as long as it reads it.
    api.object_unref(in);
    return status;
}

int mi_thumbnail_image(VipsImage *in, int side, VipsImage **out) {
    return api.thumbnail_image(in, out, side, "height", side, "size", VIPS_SIZE_DOWN, NULL);
}

int mi_jpegsave(VipsImage *in, int quality, void **buf, size_t *len) {
    return api.jpegsave_buffer(in, buf, len, "Q", quality, "strip", TRUE, "optimize_coding", TRUE, NULL);
}

int mi_pngsave(VipsImage *in, int palette, void **buf, size_t *len) {
    if (palette)
        return api.pngsave_buffer(in, buf, len, "palette", TRUE, "effort", 4, "compression", 9, "bitdepth", 8, "strip",
                                  TRUE, NULL);
    return api.pngsave_buffer(in, buf, len, "filter", VIPS_FOREIGN_PNG_FILTER_ALL, "compression", 6, "bitdepth", 8,
                              "strip", TRUE, NULL);
}

int mi_gifsave(VipsImage *in, void **buf, size_t *len) { return api.gifsave_buffer(in, buf, len, "strip", TRUE, NULL); }

int mi_pixels(const void *buf, size_t len, int width, int height, int to_srgb, void **pixels, int *out_width,
              int *out_height, int *bands) {
    VipsImage *thumb = NULL;
    int status = to_srgb ? api.thumbnail_buffer((void *)buf, len, &thumb, width, "height", height, "size", VIPS_SIZE_DOWN,
                                                "fail_on", VIPS_FAIL_ON_TRUNCATED, "option_string", "fail_on=truncated",
                                                "export_profile", "srgb", NULL)
                         : api.thumbnail_buffer((void *)buf, len, &thumb, width, "height", height, "size", VIPS_SIZE_DOWN,
                                                "fail_on", VIPS_FAIL_ON_TRUNCATED, "option_string", "fail_on=truncated",
                                                NULL);
    if (status != 0) return -1;
    // Grey, CMYK or 16-bit images become 8-bit sRGB (an alpha band is kept).
    VipsImage *srgb = NULL;
    status = api.colourspace(thumb, &srgb, VIPS_INTERPRETATION_sRGB, NULL);
    api.object_unref(thumb);
    if (status != 0) return -1;
    VipsImage *bytes = NULL;
    status = api.cast(srgb, &bytes, VIPS_FORMAT_UCHAR, NULL);
    api.object_unref(srgb);
    if (status != 0) return -1;
    int band_count = api.get_bands(bytes);
    if (band_count != 3 && band_count != 4) {
        api.object_unref(bytes);
        return -1;
    }
    size_t size = 0;
    void *memory = api.write_to_memory(bytes, &size);
    *out_width = api.get_width(bytes);
    *out_height = api.get_height(bytes);
    *bands = band_count;
    api.object_unref(bytes);
    if (memory == NULL || size != (size_t)*out_width * (size_t)*out_height * (size_t)band_count) {
        api.free_memory(memory);
        return -1;
    }
    *pixels = memory;
    return 0;
}

VipsImage *mi_copy_memory(VipsImage *in) { return api.copy_memory(in); }
void mi_unref(VipsImage *image) { api.object_unref(image); }
void mi_free(void *memory) { api.free_memory(memory); }
int mi_width(VipsImage *image) { return api.get_width(image); }
int mi_page_height(VipsImage *image) { return api.get_page_height(image); }
int mi_n_pages(VipsImage *image) { return api.get_n_pages(image); }
int mi_orientation_swap(VipsImage *image) { return api.get_orientation_swap(image); }
int mi_has_icc_profile(VipsImage *image) { return api.get_typeof(image, "icc-profile-data") != 0; }
void mi_error_clear(void) { api.error_clear(); }
int mi_vectors_enabled(void) { return api.vector_isenabled != NULL && api.vector_isenabled(); }
