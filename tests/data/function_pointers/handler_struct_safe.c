extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { abort(); }
/* a struct of an int and a function pointer: one region of 32- and 64-bit
   cells, which the model does not follow, and no code outside the program
   sees the functions */
struct handler { int id; int (*fn)(int); };
static int twice(int x) { return 2 * x; }
static int thrice(int x) { return 3 * x; }
static struct handler hs[2] = { { 1, twice }, { 2, thrice } };
int main(void) {
  int i = __VERIFIER_nondet_int(), x = __VERIFIER_nondet_int();
  if (i < 0 || i > 1 || x < 0 || x > 100) return 0;
  int r = hs[i].fn(x);
  if (r < 0 || r > 300) reach_error();
  return 0;
}
