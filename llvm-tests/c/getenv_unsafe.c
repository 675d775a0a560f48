// Fails when UFO_DEBUG is set and UFO_QUIET is not.
#include <assert.h>
#include <stdlib.h>
int main(void) {
  int debug = getenv("UFO_DEBUG") != NULL;
  int quiet = getenv("UFO_QUIET") != NULL;
  assert(!(debug && !quiet));
  return 0;
}
