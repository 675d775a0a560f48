/* sscanf assigns only the conversions it counts: a target it did not
 * reach keeps its value, and the count is at most the conversions. */
#include <assert.h>
#include <stdio.h>

int main(void) {
  char line[32];
  int a = 7, b = 9;
  if (!fgets(line, sizeof line, stdin))
    return 1;
  int n = sscanf(line, "%d,%d", &a, &b);
  assert(n <= 2);
  if (n < 2)
    assert(b == 9);
  if (n < 1)
    assert(a == 7);
  return 0;
}
