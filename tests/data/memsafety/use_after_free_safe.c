/* Reads a block through an alias, then frees it. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int *p = malloc(4 * sizeof(int));
  if (!p)
    return 1;
  int *q = p + 1;
  q[0] = 7;
  printf("%d\n", q[0]);
  free(p);
  return 0;
}
