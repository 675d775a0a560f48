/* Uses malloc's block after checking that there is one. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n;
  if (scanf("%d", &n) != 1 || n < 1)
    return 1;
  int *b = malloc(n * sizeof(int));
  if (!b)
    return 1;
  b[0] = n;
  printf("%d\n", b[0]);
  free(b);
  return 0;
}
