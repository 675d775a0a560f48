/* A line "3,4" on standard input, read with fgets and split with sscanf. */
#include <assert.h>
#include <stdio.h>

int main(void) {
  char line[32];
  int a, b;
  if (!fgets(line, sizeof line, stdin))
    return 1;
  if (sscanf(line, "%d,%d", &a, &b) != 2)
    return 1;
  if (a == 3 && b == 4)
    assert(0);
  return 0;
}
