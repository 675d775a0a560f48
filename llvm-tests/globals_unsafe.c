// A double acquire through a global lock.
// verdict: unsafe
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int lock = 0;
void acquire(void) { if (lock) reach_error(); lock = 1; }
void release(void) { lock = 0; }
int main(void) {
  while (__VERIFIER_nondet_int()) {
    acquire();
    if (__VERIFIER_nondet_int()) release();
  }
  return 0;
}
