#include <assert.h>
#include <stdio.h>
#include <string.h>

/* snprintf returns the length it would have written: a long argument is
 * cut to fit the buffer, and the length is not strlen's. */
int main(int argc, char **argv) {
  if (argc < 2)
    return 0;
  char id[4];
  int n = snprintf(id, sizeof id, "id%s", argv[1]);
  assert(n == (int)strlen(id));
  return 0;
}
