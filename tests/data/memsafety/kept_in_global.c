/* Keeps its table in a global and frees it only when asked to: at the end
   the block is still reachable (no leak for LeakSanitizer, SV-COMP's
   valid-memtrack holds) but not freed (valid-memcleanup fails). */
#include <stdio.h>
#include <stdlib.h>

static int *table;

int main(int argc, char **argv) {
  table = malloc(8 * sizeof(int));
  if (!table)
    return 1;
  table[0] = argc;
  if (argc > 1)
    free(table);
  else
    printf("%d\n", table[0]);
  return 0;
}
