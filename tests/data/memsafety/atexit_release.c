/* Frees its table in an atexit handler, registered only when given an argument. */
#include <stdlib.h>

static int *table;

static void release(void) { free(table); }

int main(int argc, char **argv) {
  table = malloc(4 * sizeof(int));
  if (!table)
    return 1;
  if (argc > 1)
    atexit(release);
  table[0] = argc;
  if (argc > 3)
    exit(2);
  return 0;
}
