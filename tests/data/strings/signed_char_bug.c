#include <assert.h>
#include <string.h>
/* strcmp compares bytes as unsigned char: a byte above 127 is a negative
 * char but sorts after 'a' (found by ufo in a test written as safe) */
int main(int argc, char **argv) {
  if (argc < 3)
    return 0;
  int c = strcmp(argv[1], argv[2]);
  if (argv[1][0] < argv[2][0] && argv[1][0] != 0)
    assert(c < 0);
  return 0;
}
