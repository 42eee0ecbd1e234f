// libmosquitto, Eclipse Mosquitto's MQTT client library (Debian: libmosquitto-dev).
// Only the MosquittoClient module imports it.
#include <mosquitto.h>
