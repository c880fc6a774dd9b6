#include "CChafaLoader.h"

#include <chafa.h>
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

// Filled once by mc_start(); read-only afterwards, so concurrent callers need no lock.
static struct {
    ChafaTermDb *(*term_db_get_default)(void);
    ChafaTermInfo *(*term_db_detect)(ChafaTermDb *, gchar **);
    ChafaTermInfo *(*term_db_get_fallback_info)(ChafaTermDb *);
    void (*term_info_supplement)(ChafaTermInfo *, ChafaTermInfo *);
    gboolean (*term_info_have_seq)(const ChafaTermInfo *, ChafaTermSeq);
    void (*term_info_unref)(ChafaTermInfo *);
    ChafaCanvasConfig *(*config_new)(void);
    void (*config_unref)(ChafaCanvasConfig *);
    void (*config_set_geometry)(ChafaCanvasConfig *, gint, gint);
    void (*config_set_cell_geometry)(ChafaCanvasConfig *, gint, gint);
    void (*config_set_canvas_mode)(ChafaCanvasConfig *, ChafaCanvasMode);
    void (*config_set_pixel_mode)(ChafaCanvasConfig *, ChafaPixelMode);
    void (*config_set_symbol_map)(ChafaCanvasConfig *, const ChafaSymbolMap *);
    void (*config_set_dither_mode)(ChafaCanvasConfig *, ChafaDitherMode);
    ChafaSymbolMap *(*symbol_map_new)(void);
    void (*symbol_map_add_by_tags)(ChafaSymbolMap *, ChafaSymbolTags);
    void (*symbol_map_remove_by_tags)(ChafaSymbolMap *, ChafaSymbolTags);
    void (*symbol_map_unref)(ChafaSymbolMap *);
    ChafaCanvas *(*canvas_new)(const ChafaCanvasConfig *);
    void (*canvas_unref)(ChafaCanvas *);
    void (*canvas_draw_all_pixels)(ChafaCanvas *, ChafaPixelType, const guint8 *, gint, gint, gint);
    GString *(*canvas_print)(ChafaCanvas *, ChafaTermInfo *);
    // glib's, found through libchafa's own dependencies.
    gchar *(*string_free)(GString *, gboolean);
    // Made once here, then only read: photos are drawn from several threads at once.
    ChafaTermDb *db;
} api;

#define LOAD(field, symbol)                                   \
    do {                                                      \
        *(void **)(&api.field) = dlsym(handle, symbol);       \
        if (api.field == NULL) return -1;                     \
    } while (0)

static int load(void) {
    void *handle = dlopen("libchafa.so.0", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) return -1;
    LOAD(term_db_get_default, "chafa_term_db_get_default");
    LOAD(term_db_detect, "chafa_term_db_detect");
    LOAD(term_db_get_fallback_info, "chafa_term_db_get_fallback_info");
    LOAD(term_info_supplement, "chafa_term_info_supplement");
    LOAD(term_info_have_seq, "chafa_term_info_have_seq");
    LOAD(term_info_unref, "chafa_term_info_unref");
    LOAD(config_new, "chafa_canvas_config_new");
    LOAD(config_unref, "chafa_canvas_config_unref");
    LOAD(config_set_geometry, "chafa_canvas_config_set_geometry");
    LOAD(config_set_cell_geometry, "chafa_canvas_config_set_cell_geometry");
    LOAD(config_set_canvas_mode, "chafa_canvas_config_set_canvas_mode");
    LOAD(config_set_pixel_mode, "chafa_canvas_config_set_pixel_mode");
    LOAD(config_set_symbol_map, "chafa_canvas_config_set_symbol_map");
    LOAD(config_set_dither_mode, "chafa_canvas_config_set_dither_mode");
    LOAD(symbol_map_new, "chafa_symbol_map_new");
    LOAD(symbol_map_add_by_tags, "chafa_symbol_map_add_by_tags");
    LOAD(symbol_map_remove_by_tags, "chafa_symbol_map_remove_by_tags");
    LOAD(symbol_map_unref, "chafa_symbol_map_unref");
    LOAD(canvas_new, "chafa_canvas_new");
    LOAD(canvas_unref, "chafa_canvas_unref");
    LOAD(canvas_draw_all_pixels, "chafa_canvas_draw_all_pixels");
    LOAD(canvas_print, "chafa_canvas_print");
    LOAD(string_free, "g_string_free");
    api.db = api.term_db_get_default();
    return api.db == NULL ? -1 : 0;
}

int mc_start(void) {
    // Called from a Swift `static let`, which runs it once, before any other call.
    return load();
}

unsigned mc_detect(char **envp) {
    ChafaTermInfo *info = api.term_db_detect(api.db, envp);
    if (info == NULL) return 0;
    unsigned found = 0;
    if (api.term_info_have_seq(info, CHAFA_TERM_SEQ_BEGIN_SIXELS)) found |= MC_HAS_SIXELS;
    if (api.term_info_have_seq(info, CHAFA_TERM_SEQ_BEGIN_KITTY_IMMEDIATE_IMAGE_V1)) found |= MC_HAS_KITTY;
    if (api.term_info_have_seq(info, CHAFA_TERM_SEQ_BEGIN_ITERM2_IMAGE)) found |= MC_HAS_ITERM2;
    if (api.term_info_have_seq(info, CHAFA_TERM_SEQ_SET_COLOR_FGBG_DIRECT)) found |= MC_HAS_TRUECOLOR;
    if (api.term_info_have_seq(info, CHAFA_TERM_SEQ_SET_COLOR_FG_256)) found |= MC_HAS_256;
    api.term_info_unref(info);
    return found;
}

char *mc_draw(char **envp, int pixel_mode, int truecolor, const unsigned char *pixels, int width, int height, int bands,
              int columns, int rows, int cell_width, int cell_height) {
    if (pixels == NULL || width <= 0 || height <= 0 || columns <= 0 || rows <= 0 || (bands != 3 && bands != 4))
        return NULL;
    ChafaTermInfo *info = api.term_db_detect(api.db, envp);
    ChafaTermInfo *fallback = api.term_db_get_fallback_info(api.db);
    if (info == NULL || fallback == NULL) {
        if (info != NULL) api.term_info_unref(info);
        if (fallback != NULL) api.term_info_unref(fallback);
        return NULL;
    }
    api.term_info_supplement(info, fallback);
    api.term_info_unref(fallback);

    ChafaCanvasConfig *config = api.config_new();
    api.config_set_geometry(config, columns, rows);
    api.config_set_cell_geometry(config, cell_width, cell_height);
    api.config_set_pixel_mode(config, (ChafaPixelMode)pixel_mode);
    if (pixel_mode == MC_SIXELS) {
        // Sixels in chafa's fixed 240-colour palette, dithered: a palette made for each image
        // (what truecolour asks for) cost seven times as much, 23 ms an image of 240 × 180 against
        // 3 ms, and a grid draws twenty.
        api.config_set_canvas_mode(config, CHAFA_CANVAS_MODE_INDEXED_240);
        api.config_set_dither_mode(config, CHAFA_DITHER_MODE_ORDERED);
    } else {
        api.config_set_canvas_mode(config, truecolor ? CHAFA_CANVAS_MODE_TRUECOLOR : CHAFA_CANVAS_MODE_INDEXED_240);
    }
    // Block elements (half, quarter and eighth blocks) and space, one column each: the cleanest
    // photos at a card's size, and a wide symbol would make a row wider than `columns`, shifting
    // the cards beside it.
    ChafaSymbolMap *symbols = api.symbol_map_new();
    api.symbol_map_add_by_tags(symbols, CHAFA_SYMBOL_TAG_BLOCK | CHAFA_SYMBOL_TAG_SPACE);
    api.symbol_map_remove_by_tags(symbols, CHAFA_SYMBOL_TAG_WIDE);
    api.config_set_symbol_map(config, symbols);
    api.symbol_map_unref(symbols);

    ChafaCanvas *canvas = api.canvas_new(config);
    api.config_unref(config);
    char *copy = NULL;
    if (canvas != NULL) {
        api.canvas_draw_all_pixels(canvas, bands == 4 ? CHAFA_PIXEL_RGBA8_UNASSOCIATED : CHAFA_PIXEL_RGB8, pixels, width,
                                   height, width * bands);
        GString *text = api.canvas_print(canvas, info);
        if (text != NULL) {
            copy = malloc(text->len + 1);
            if (copy != NULL) {
                memcpy(copy, text->str, text->len);
                copy[text->len] = '\0';
            }
            api.string_free(text, TRUE);
        }
        api.canvas_unref(canvas);
    }
    api.term_info_unref(info);
    return copy;
}

void mc_free(char *text) { free(text); }
