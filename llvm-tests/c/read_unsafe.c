// Fails when standard input holds exactly five bytes.
#include <assert.h>
#include <unistd.h>
int main(void) {
  char buf[100];
  long n = read(0, buf, sizeof buf);
  assert(n != 5);
  return 0;
}
