// statfs(2) and the kernel's filesystem magic numbers, which Swift's Glibc module leaves out.
// Only the POSIXSupport module imports it (OutputFile: writing only to real filesystems).
#include <sys/statfs.h>
#include <linux/magic.h>
