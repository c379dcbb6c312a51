use super::*;

#[test]
fn perft_start_depths_1_to_3() {
    let mut p = Position::start();
    assert_eq!(p.perft(1), 44);
    assert_eq!(p.perft(2), 1_920);
    assert_eq!(p.perft(3), 79_666);
}

#[test]
fn perft_start_depth_4() {
    let mut p = Position::start();
    assert_eq!(p.perft(4), 3_290_240);
}
