/* A table kept in a global and filled after a call that may change
   globals (printf), so every access reads the pointer back from memory;
   the loop stays inside it. */
#include <stdio.h>
#include <stdlib.h>

#define N 16

static int *table;

int main(void) {
  int n;
  if (scanf("%d", &n) != 1 || n < 1 || n > N)
    return 1;
  table = malloc(N * sizeof(int));
  if (!table)
    return 1;
  printf("%d\n", n);
  for (int i = 0; i < n; i++)
    table[i] = i;
  free(table);
  return 0;
}
