#include <assert.h>
int main(int argc, char **argv) {
  if (argc == 2 && argv[1][0] == 'x' && argv[1][1] == '\0') assert(0);
  return 0;
}
