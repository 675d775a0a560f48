//! The stack size of the threads that run verification work (the runner's
//! pipeline thread, portfolio members, detached checks, Spacer's restarts).
//! A leaf of the layers: every layer may name it.

/// Stack of the threads that run the pipeline, its members and their
/// checks: deep enough for the recursion over large expressions, and no
/// more, since every thread's stack is reserved whole and counts against
/// an address-space limit (`ulimit -v`, the bench's 8 GiB): at 1 GiB each,
/// the main, runner, two member and a check thread reserved 5 of the
/// bench's 8 GiB before any data (issue 56).
pub const STACK: usize = 256 << 20;
