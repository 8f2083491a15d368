//! Move-generator speed: perft from the starting position, with the node count asserted so a
//! fast but wrong generator fails the bench. Run with `cargo bench -p xiangqi`.

#![allow(missing_docs)] // criterion_group! generates undocumented items

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use xiangqi::{perft, Position};

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (depth, nodes) in [(3u32, 79_666u64), (4, 3_290_240)] {
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("start_depth_{depth}"), |b| {
            b.iter(|| {
                let mut pos = Position::start();
                let n = perft(&mut pos, depth);
                assert_eq!(n, nodes, "perft({depth}) from the start position");
                n
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
