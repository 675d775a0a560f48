// Fails when the first argument is 17.
#include <assert.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  if (argc < 2) return 0;
  int k = atoi(argv[1]);
  assert(k != 17);
  return 0;
}
