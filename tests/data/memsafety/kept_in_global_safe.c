/* Keeps its table in a global and frees it on every path. */
#include <stdio.h>
#include <stdlib.h>

static int *table;

int main(int argc, char **argv) {
  table = malloc(8 * sizeof(int));
  if (!table)
    return 1;
  table[0] = argc;
  if (argc <= 1)
    printf("%d\n", table[0]);
  free(table);
  return 0;
}
