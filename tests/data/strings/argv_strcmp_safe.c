#include <assert.h>
#include <string.h>
int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "boom") == 0) {
    assert(argv[1][3] == 'm');
    assert(strlen(argv[1]) == 4);
  }
  return 0;
}
