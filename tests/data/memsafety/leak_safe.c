/* Frees its block on every path. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n;
  int *b = malloc(4 * sizeof(int));
  if (!b || scanf("%d", &n) != 1) {
    free(b);
    return 1;
  }
  b[0] = n;
  if (n < 0) {
    free(b);
    return 2;
  }
  printf("%d\n", b[0]);
  free(b);
  return 0;
}
