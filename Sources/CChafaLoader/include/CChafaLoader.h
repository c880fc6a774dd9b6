#ifndef OPENMARKET_CCHAFA_LOADER_H
#define OPENMARKET_CCHAFA_LOADER_H

// Fixed-signature entry points into libchafa for TerminalPhotos, which draws product photos in
// a terminal (symbols, sixels, kitty or iTerm2 images).
//
// libchafa is opened with dlopen() by mc_start() instead of being linked, as libvips is
// (CVipsLoader.h): the shell must start and work without it, and say in one line how to get it.
// Nothing here exposes a chafa type, so Swift needs no chafa headers. Call mc_start() once,
// before anything else here.

/// Opens libchafa once per process. Returns 0 on success, -1 when it cannot be loaded.
int mc_start(void);

/// What chafa's terminal database says the terminal described by `envp` (NULL-terminated
/// `NAME=value` strings) can draw: a mask of the MC_HAS_ values.
unsigned mc_detect(char **envp);

#define MC_HAS_SIXELS 1u
#define MC_HAS_KITTY 2u
#define MC_HAS_ITERM2 4u
#define MC_HAS_TRUECOLOR 8u
#define MC_HAS_256 16u

/// How a photo is drawn: chafa's ChafaPixelMode values.
#define MC_SYMBOLS 0
#define MC_SIXELS 1
#define MC_KITTY 2
#define MC_ITERM2 3

/// Draws `width` × `height` pixels of 8-bit sRGB (`bands` 3) or sRGBA (`bands` 4), rows packed,
/// into `columns` × `rows` terminal cells of `cell_width` × `cell_height` pixels, in `pixel_mode`
/// (MC_SYMBOLS …); symbols in 24-bit colour when `truecolor`, else the 256-colour palette (sixels
/// always in the fixed palette, dithered: see loader.c). The
/// escape sequences are those chafa's database gives the terminal `envp` describes, completed
/// by its fallback sequences (so a mode asked for by hand is drawn even where not detected).
/// Returns a NUL-terminated string to release with mc_free(), or NULL. Safe to call from several
/// threads at once (each call has its own canvas; the terminal database is only read).
char *mc_draw(char **envp, int pixel_mode, int truecolor, const unsigned char *pixels, int width, int height, int bands,
              int columns, int rows, int cell_width, int cell_height);

void mc_free(char *text);

#endif
