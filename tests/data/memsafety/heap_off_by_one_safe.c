/* Copies n numbers into a block of n ints, within its bounds. */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n;
  if (scanf("%d", &n) != 1 || n < 1 || n > 100)
    return 1;
  int *b = malloc(n * sizeof(int));
  if (!b)
    return 1;
  for (int i = 0; i < n; i++)
    b[i] = i;
  printf("%d\n", b[0]);
  free(b);
  return 0;
}
