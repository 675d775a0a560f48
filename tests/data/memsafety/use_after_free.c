/* Frees a block, then reads it through an alias. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int *p = malloc(4 * sizeof(int));
  if (!p)
    return 1;
  int *q = p + 1;
  q[0] = 7;
  free(p);
  printf("%d\n", q[0]);
  return 0;
}
