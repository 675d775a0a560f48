/* The check in an atexit handler holds: a program has its name as argv[0]. */
#include <assert.h>
#include <stdlib.h>

static int count;

static void check(void) { assert(count >= 1); }

int main(int argc, char **argv) {
  atexit(check);
  count = argc;
  return 0;
}
