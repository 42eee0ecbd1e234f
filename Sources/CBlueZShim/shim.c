#include "CBlueZShim.h"
#include <bluetooth/bluetooth.h>
#include <bluetooth/hci.h>
int cbz_placeholder(void) { return AF_BLUETOOTH; }
