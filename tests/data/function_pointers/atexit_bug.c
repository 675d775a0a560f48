/* The check in an atexit handler fails for three arguments. */
#include <assert.h>
#include <stdlib.h>

static int count;

static void check(void) { assert(count != 3); }

int main(int argc, char **argv) {
  atexit(check);
  count = argc;
  return 0;
}
