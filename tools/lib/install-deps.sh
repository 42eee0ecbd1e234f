# Sourced by tools/demo and tools/test: installs what the project needs, only when missing.
# Debian/Ubuntu packages:
#   libbluetooth-dev  BlueZ headers and libbluetooth, to build the kernel HCI socket shim
#   libsystemd-dev    libsystemd's sd_notify, to tell systemd a service is ready (ServiceManager)
#   libmosquitto-dev  libmosquitto, the MQTT client behind --mqtt (MosquittoClient)
#   libzip-dev        libzip, to read GTFS feeds given as a .zip (TransitFeeds)
#   libssl-dev        OpenSSL's libssl, for --gtfs-rt https:// URLs (RealtimeFeedFetching)
#   tzdata            the time zone database: a feed's times are in its agency's zone (AgencyTimeZone)
#   mosquitto, mosquitto-clients  a real broker and its clients, for the MQTT tests
#   systemd           systemd-analyze, to check the shipped units (dist/systemd) without warnings
#   tshark            Wireshark's decoder, the independent oracle in the cross-check tests
#   bluez             btmon, to check that captures we write are read by BlueZ's own tools
#   openssl           the openssl command, to make the throwaway certificates of the https:// tests
# A Swift 6.2+ toolchain must already be on PATH (https://www.swift.org/install/linux/).

install_packages() {
  local missing=() package
  for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  # Progress goes to standard error: scripts that print a result on standard output (tools/package
  # prints the .deb's path, read with "$(tools/package …)") call this too.
  echo "==> installing Debian packages: ${missing[*]}" >&2
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

require_swift() {
  if ! command -v swift >/dev/null 2>&1; then
    echo "error: no Swift toolchain on PATH. Install Swift 6.2 or newer: https://www.swift.org/install/linux/" >&2
    exit 1
  fi
  local version
  version=$(swift --version 2>/dev/null | sed -n 's/.*Swift version \([0-9]*\)\.\([0-9]*\).*/\1 \2/p' | head -1)
  if [ -n "$version" ]; then
    set -- $version
    if [ "$1" -lt 6 ] || { [ "$1" -eq 6 ] && [ "$2" -lt 2 ]; }; then
      echo "error: Swift $1.$2 is on PATH; this project needs Swift 6.2 or newer: https://www.swift.org/install/linux/" >&2
      exit 1
    fi
  fi
}
