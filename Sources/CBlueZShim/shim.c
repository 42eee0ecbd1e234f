// See include/CBlueZShim.h for the conventions (0/fd/count on success, -errno on failure).
#define _GNU_SOURCE
#include "CBlueZShim.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <bluetooth/bluetooth.h>
#include <bluetooth/hci.h>
#include <bluetooth/hci_lib.h>

_Static_assert(sizeof(((struct hci_dev_info *)0)->name) < sizeof(((cbz_hci_device_info *)0)->name),
               "cbz_hci_device_info.name must hold the kernel name and a NUL");
_Static_assert(sizeof(bdaddr_t) == sizeof(((cbz_hci_device_info *)0)->address), "BD_ADDR is 6 octets");
_Static_assert(sizeof(((struct hci_dev_info *)0)->features) == sizeof(((cbz_hci_device_info *)0)->features),
               "LMP features page is 8 octets");

int cbz_hci_socket_open(void) {
  int fd = socket(AF_BLUETOOTH, SOCK_RAW | SOCK_CLOEXEC, BTPROTO_HCI);
  return fd < 0 ? -errno : fd;
}

int cbz_hci_socket_bind(int fd, uint16_t device, uint16_t channel) {
  struct sockaddr_hci address;
  memset(&address, 0, sizeof(address));
  address.hci_family = AF_BLUETOOTH;
  address.hci_dev = device;
  address.hci_channel = channel;
  return bind(fd, (struct sockaddr *)&address, sizeof(address)) < 0 ? -errno : 0;
}

int cbz_hci_socket_set_filter(int fd, const uint8_t *packet_types, size_t packet_type_count,
                              const uint8_t *event_codes, size_t event_code_count, int all_events) {
  struct hci_filter filter;
  hci_filter_clear(&filter);
  for (size_t i = 0; i < packet_type_count; i++) {
    hci_filter_set_ptype(packet_types[i], &filter);
  }
  if (all_events) {
    hci_filter_all_events(&filter);
  } else {
    for (size_t i = 0; i < event_code_count; i++) {
      hci_filter_set_event(event_codes[i], &filter);
    }
  }
  return setsockopt(fd, SOL_HCI, HCI_FILTER, &filter, sizeof(filter)) < 0 ? -errno : 0;
}

int cbz_hci_get_device_list(int fd, cbz_hci_device_entry *entries, uint16_t capacity) {
  if (entries == NULL || capacity == 0) {
    return -EINVAL;
  }
  size_t size = sizeof(struct hci_dev_list_req) + capacity * sizeof(struct hci_dev_req);
  struct hci_dev_list_req *request = calloc(1, size);
  if (request == NULL) {
    return -ENOMEM;
  }
  request->dev_num = capacity;
  if (ioctl(fd, HCIGETDEVLIST, (void *)request) < 0) {
    int error = errno;
    free(request);
    return -error;
  }
  uint16_t count = request->dev_num < capacity ? request->dev_num : capacity;
  for (uint16_t i = 0; i < count; i++) {
    entries[i].index = request->dev_req[i].dev_id;
    entries[i].flags = request->dev_req[i].dev_opt;
  }
  free(request);
  return count;
}

int cbz_hci_get_device_info(int fd, uint16_t index, cbz_hci_device_info *info) {
  if (info == NULL) {
    return -EINVAL;
  }
  struct hci_dev_info kernel;
  memset(&kernel, 0, sizeof(kernel));
  kernel.dev_id = index;
  if (ioctl(fd, HCIGETDEVINFO, (void *)&kernel) < 0) {
    return -errno;
  }
  memset(info, 0, sizeof(*info));
  info->index = kernel.dev_id;
  memcpy(info->name, kernel.name, sizeof(kernel.name));
  info->name[sizeof(kernel.name)] = '\0';
  memcpy(info->address, kernel.bdaddr.b, sizeof(info->address));
  info->flags = kernel.flags;
  info->type = kernel.type;
  memcpy(info->features, kernel.features, sizeof(info->features));
  info->acl_mtu = kernel.acl_mtu;
  info->acl_packets = kernel.acl_pkts;
  info->sco_mtu = kernel.sco_mtu;
  info->sco_packets = kernel.sco_pkts;
  return 0;
}

int cbz_hci_device_up(int fd, uint16_t index) {
  return ioctl(fd, HCIDEVUP, (unsigned long)index) < 0 ? -errno : 0;
}

int cbz_hci_device_down(int fd, uint16_t index) {
  return ioctl(fd, HCIDEVDOWN, (unsigned long)index) < 0 ? -errno : 0;
}

const char *cbz_errno_name(int error) { return strerrorname_np(error); }
