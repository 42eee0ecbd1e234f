#ifndef CBLUEZSHIM_H
#define CBLUEZSHIM_H
// Placeholder: the kernel HCI socket shim is filled in by the LinuxHCISocket work.
#include <stdint.h>
int cbz_placeholder(void);
#endif
