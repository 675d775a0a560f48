// Scalar globals are promoted to SSA values with their initializers.
// verdict: safe
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int lock = 0;
int count = 0;
void acquire(void) { if (lock) reach_error(); lock = 1; }
void release(void) { if (!lock) reach_error(); lock = 0; }
int main(void) {
  while (__VERIFIER_nondet_int()) {
    acquire();
    count++;
    release();
  }
  return count;
}
