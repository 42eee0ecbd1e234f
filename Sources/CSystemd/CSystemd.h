// CSystemd: the service manager's notification calls from libsystemd (Debian: libsystemd-dev),
// `sd_notify(3)` and `sd_watchdog_enabled(3)`. Only the ServiceManager target imports this module.
#ifndef CSYSTEMD_H
#define CSYSTEMD_H

#include <systemd/sd-daemon.h>

#endif
