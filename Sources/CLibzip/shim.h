// libzip, the zip archive library (Debian: libzip-dev): reads GTFS feeds given as a .zip.
// Only the TransitFeeds module imports it.
#include <zip.h>
