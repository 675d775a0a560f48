//! A child process fed on its standard input and read from its standard
//! output and error, stopped from outside: the runner that a second solver
//! (`check::validate`, cvc5) and a portfolio member in a process of its own
//! (`member`) share.
//!
//! Invariants: the child leads a process group of its own, and a stop kills
//! the whole group (a wrapper script's children too); the child is always
//! reaped before [`run`] returns; its input is written and its outputs read
//! on threads of their own, so a child that writes much or reads little
//! never blocks on a full pipe. A leaf of the layers: names no other module.

use std::io::{Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Command, ExitStatus, Stdio};
use std::time::Duration;

/// How the child ended.
#[derive(Debug)]
pub enum Ended<T> {
    /// By itself; `None` if it could not be waited for (it was killed).
    Exited(Option<ExitStatus>),
    /// Killed because the stop condition said so, with what it said.
    Stopped(T),
}

/// What a run gave.
#[derive(Debug)]
pub struct Ran<T> {
    pub ended: Ended<T>,
    pub stdout: Vec<u8>,
    pub stderr: String,
}

/// Runs `cmd` (its own arguments and `pre_exec` set by the caller) in a
/// process group of its own with `input` on its standard input, asking
/// `stop` every `poll` while it runs: a `Some` kills the group. `Err` if it
/// cannot start.
pub fn run<T>(
    mut cmd: Command,
    input: &[u8],
    poll: Duration,
    mut stop: impl FnMut() -> Option<T>,
) -> std::io::Result<Ran<T>> {
    let mut child = cmd.process_group(0).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn()?;
    let (Some(mut stdin), Some(mut stdout), Some(mut stderr)) =
        (child.stdin.take(), child.stdout.take(), child.stderr.take())
    else {
        kill(&mut child);
        return Err(std::io::Error::other("no pipes to the child"));
    };
    Ok(std::thread::scope(|s| {
        // (a write error means the child ended early: its ending says why)
        s.spawn(move || {
            let _ = stdin.write_all(input);
        });
        let out = s.spawn(move || {
            let mut bytes = Vec::new();
            let _ = stdout.read_to_end(&mut bytes);
            bytes
        });
        let err = s.spawn(move || {
            let mut bytes = Vec::new();
            let _ = stderr.read_to_end(&mut bytes);
            String::from_utf8_lossy(&bytes).into_owned()
        });
        let ended = loop {
            match child.try_wait() {
                Ok(Some(status)) => break Ended::Exited(Some(status)),
                Ok(None) => {}
                Err(_) => {
                    kill(&mut child);
                    break Ended::Exited(None);
                }
            }
            if let Some(why) = stop() {
                kill(&mut child);
                break Ended::Stopped(why);
            }
            std::thread::sleep(poll);
        };
        Ran { ended, stdout: out.join().unwrap_or_default(), stderr: err.join().unwrap_or_default() }
    }))
}

/// Kills the child's process group and reaps the child.
fn kill(child: &mut std::process::Child) {
    if let Ok(pid) = i32::try_from(child.id()) {
        // SAFETY: a signal to the process group our own child leads; the
        // child is not reaped yet, so the group still exists.
        unsafe { libc::kill(-pid, libc::SIGKILL) };
    }
    let _ = child.wait();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str) -> Command {
        let mut c = Command::new("sh");
        c.args(["-c", script]);
        c
    }

    #[test]
    fn input_goes_in_and_both_outputs_come_back() {
        let r = run(sh("cat; echo oops >&2; exit 3"), b"hello", Duration::from_millis(1), || None::<()>).unwrap();
        assert!(matches!(r.ended, Ended::Exited(Some(s)) if s.code() == Some(3)));
        assert_eq!((r.stdout.as_slice(), r.stderr.as_str()), (&b"hello"[..], "oops\n"));
    }

    #[test]
    fn a_stop_kills_the_whole_group_at_once() {
        let t = std::time::Instant::now();
        let mut asked = 0;
        let r = run(sh("sleep 30 & sleep 30; echo never"), b"", Duration::from_millis(1), || {
            asked += 1;
            (asked > 20).then_some("enough")
        })
        .unwrap();
        assert!(matches!(r.ended, Ended::Stopped("enough")));
        // the background sleep held stdout open: it died with the group
        assert!(t.elapsed() < Duration::from_secs(10), "{:?}", t.elapsed());
        assert!(r.stdout.is_empty());
    }
}
