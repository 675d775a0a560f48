#include <assert.h>
#include <stdio.h>
int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s WORD\n", argv[0]);
    return 2;
  }
  if (argv[1][0] == 'x' && argv[1][1] == '\0')
    assert(0);
  return 0;
}
