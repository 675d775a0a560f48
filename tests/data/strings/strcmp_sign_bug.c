#include <assert.h>
#include <string.h>
/* a program that relies on strcmp returning -1: glibc does not promise it */
int main(int argc, char **argv) {
  if (argc < 3)
    return 0;
  if (argv[1][0] == 'a' && argv[2][0] == 'c')
    assert(strcmp(argv[1], argv[2]) == -1);
  return 0;
}
