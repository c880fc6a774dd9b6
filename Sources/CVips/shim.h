#ifndef OPENMARKET_CVIPS_SHIM_H
#define OPENMARKET_CVIPS_SHIM_H
// libvips's types and constants only. Nothing here links libvips: CVipsLoader opens it on first
// use, so programs that never touch an image (the shell talking to a remote market) do not pay
// for loading its hundred-odd dependencies at start-up.
#include <vips/vips.h>
#endif
