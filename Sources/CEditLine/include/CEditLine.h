// Placeholder while the libedit shim is written.
#include <histedit.h>
int cel_placeholder(void);
