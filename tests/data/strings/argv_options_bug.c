#include <assert.h>
#include <string.h>
int main(int argc, char **argv) {
  int n = 0;
  for (int i = 1; i < argc; i++)
    if (argv[i][0] == '-' && argv[i][1] == 'v') n++;
  assert(n < 2);
  return 0;
}
