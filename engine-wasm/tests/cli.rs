//! The native CLI as a command-line tool: a reader that stops early (`innodb-sim run
//! s.json --csv | head -1`) ends the output quietly, with no panic on the broken pipe.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

#[test]
fn a_reader_that_stops_early_ends_the_output_quietly() {
    let dir = std::env::temp_dir().join(format!("innodb-sim-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let lesson = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../lessons/scenarios/pk-sequential.json"
    );
    let mut s: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(lesson).expect("scenario")).expect("json");
    // A sample every simulated millisecond: far more CSV than a pipe buffers (over at most
    // 100 s: a run takes at most 100,000 samples).
    s["run"]["sample_ms"] = 1.into();
    s["run"]["duration_s"] = 100.into();
    let file = dir.join("scenario.json");
    std::fs::write(&file, s.to_string()).expect("write scenario");
    let mut child = Command::new(env!("CARGO_BIN_EXE_innodb-sim"))
        .arg("run")
        .arg(&file)
        .arg("--csv")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("innodb-sim starts");
    let mut first = String::new();
    {
        // Read one line, then close our end of the pipe.
        let mut out = BufReader::new(child.stdout.take().expect("stdout"));
        out.read_line(&mut first).expect("first line");
    }
    let done = child.wait_with_output().expect("innodb-sim ends");
    assert!(first.starts_with("t_s,qps,"), "{first}");
    assert_eq!(
        String::from_utf8_lossy(&done.stderr),
        "",
        "nothing on stderr"
    );
    assert!(done.status.success(), "exit status {:?}", done.status);
    let _ = std::fs::remove_dir_all(&dir);
}
