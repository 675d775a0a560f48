// A byte past ASCII in an argument (not UTF-8 text): found, and the replay
// passes that very byte.
#include <assert.h>

int main(int argc, char **argv) {
  if (argc == 2 && (unsigned char)argv[1][0] == 0xff && argv[1][1] == 'q')
    assert(0);
  return 0;
}
