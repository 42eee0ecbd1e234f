// CSystemd: libsystemd (Debian: libsystemd-dev): the service manager's notification calls,
// `sd_notify(3)` and `sd_watchdog_enabled(3)`, and the D-Bus client `sd-bus(3)`. Only the
// ServiceManager target imports this module. sd-bus's variadic calls (`sd_bus_call_method`,
// `sd_bus_message_append`) cannot be called from Swift; ServiceManager builds messages with the
// one-value-at-a-time calls (`sd_bus_message_append_basic`, `sd_bus_message_open_container`).
#ifndef CSYSTEMD_H
#define CSYSTEMD_H

#include <systemd/sd-bus.h>
#include <systemd/sd-daemon.h>

#endif
