// CBlueZShim: the parts of the Linux kernel's HCI socket interface that Swift cannot
// express well: `struct sockaddr_hci`, the `hci_filter_*` bit helpers, and the HCI
// ioctl request numbers (`_IOR`/`_IOW` macros) with their request structures.
//
// Only the LinuxHCISocket target imports this module.
//
// Conventions
// - Every function that performs a system call returns a non-negative value on success
//   (0, a file descriptor, or a count) and `-errno` on failure. It never reads or
//   leaves meaning in the global `errno`, so Swift never has to.
// - `EINTR` is returned to the caller (as `-EINTR`), not retried here; the Swift layer
//   decides what to retry.
// - This header deliberately includes no BlueZ header: it declares its own plain
//   structures, and shim.c translates from the kernel's.
//
// Linking: only BlueZ's headers are used (the `hci_filter_*` helpers are `static inline`
// in <bluetooth/hci_lib.h>; the rest are macros and structures). No libbluetooth function
// is called, so the `bluetooth` library is linked but not needed at run time for this shim.
#ifndef CBLUEZSHIM_H
#define CBLUEZSHIM_H

#include <stddef.h>
#include <stdint.h>

/// One entry of the kernel's device list (`struct hci_dev_req` from `HCIGETDEVLIST`).
typedef struct cbz_hci_device_entry {
  /// The device index: the N in "hciN".
  uint16_t index;
  /// The device flags as bits numbered by BlueZ's `HCI_UP`, `HCI_INIT`, `HCI_RUNNING`, ...
  uint32_t flags;
} cbz_hci_device_entry;

/// What `HCIGETDEVINFO` reports about one device (a subset of `struct hci_dev_info`).
typedef struct cbz_hci_device_info {
  /// The device index: the N in "hciN".
  uint16_t index;
  /// The kernel's device name ("hci0"), always NUL-terminated.
  char name[9];
  /// BD_ADDR, least significant octet first (as `bdaddr_t` stores it).
  uint8_t address[6];
  /// The device flags as bits numbered by BlueZ's `HCI_UP`, `HCI_INIT`, `HCI_RUNNING`, ...
  uint32_t flags;
  /// Bus in bits 0-3 (`HCI_USB`, `HCI_UART`, ...), controller type in bits 4-5
  /// (`HCI_PRIMARY`, `HCI_AMP`).
  uint8_t type;
  /// The LMP features page 0.
  uint8_t features[8];
  /// ACL data packet length and count the controller accepts.
  uint16_t acl_mtu;
  uint16_t acl_packets;
  /// SCO data packet length and count the controller accepts.
  uint16_t sco_mtu;
  uint16_t sco_packets;
} cbz_hci_device_info;

/// Opens a raw HCI socket: `socket(AF_BLUETOOTH, SOCK_RAW | SOCK_CLOEXEC, BTPROTO_HCI)`.
/// Returns the file descriptor, or -errno (-EAFNOSUPPORT when the kernel has no Bluetooth).
int cbz_hci_socket_open(void);

/// Binds `fd` to device `device` (0xFFFF, `HCI_DEV_NONE`, for no device) on `channel`
/// (`HCI_CHANNEL_RAW` 0, `HCI_CHANNEL_USER` 1, `HCI_CHANNEL_MONITOR` 2) with `bind` and a
/// `struct sockaddr_hci`. Returns 0 or -errno.
int cbz_hci_socket_bind(int fd, uint16_t device, uint16_t channel);

/// Sets the raw channel's receive filter with `setsockopt(SOL_HCI, HCI_FILTER)`.
///
/// The filter passes the packet types in `packet_types` (H4 indicators: 0x01 command,
/// 0x04 event, ...; 0xFF vendor) and, for events, the codes in `event_codes`, or every
/// event code when `all_events` is non-zero. The kernel keeps one bit per event code
/// modulo 64. Returns 0 or -errno.
int cbz_hci_socket_set_filter(int fd, const uint8_t *packet_types, size_t packet_type_count,
                              const uint8_t *event_codes, size_t event_code_count, int all_events);

/// Lists the kernel's HCI devices with `ioctl(fd, HCIGETDEVLIST)` into `entries`, which
/// has room for `capacity` (at least 1) entries. `fd` is any open HCI socket, bound or not.
/// Returns the number of entries written, or -errno.
int cbz_hci_get_device_list(int fd, cbz_hci_device_entry *entries, uint16_t capacity);

/// Reads one device's information with `ioctl(fd, HCIGETDEVINFO)`. Returns 0 or -errno
/// (-ENODEV when there is no such device).
int cbz_hci_get_device_info(int fd, uint16_t index, cbz_hci_device_info *info);

/// Brings a device up with `ioctl(fd, HCIDEVUP, index)`. Returns 0 or -errno
/// (-EALREADY when it is already up, -ERFKILL when it is blocked). Needs CAP_NET_ADMIN.
int cbz_hci_device_up(int fd, uint16_t index);

/// Brings a device down with `ioctl(fd, HCIDEVDOWN, index)`. Returns 0 or -errno.
/// Needs CAP_NET_ADMIN.
int cbz_hci_device_down(int fd, uint16_t index);

/// The symbolic name of an errno value ("EAFNOSUPPORT"), from glibc's `strerrorname_np`,
/// or NULL when the value has no name. Not a system call; never fails otherwise.
const char *cbz_errno_name(int error);

#endif
