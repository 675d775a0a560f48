// Inline assembly is not supported: UNKNOWN, exit 20.
extern void reach_error(void);
int main(void) {
  int x = 1;
  __asm__ volatile("" : "+r"(x));
  if (x != 1) reach_error();
  return 0;
}
