//! Work spread over threads: numbered items taken one at a time by each thread as it
//! finishes the last, results returned in item order, so that totals never depend on the
//! number of threads or on which thread ran what.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

/// The machine's cores: the default for `--threads`.
pub fn all_cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// `work(worker, i)` for every `i` in `0..items`, on `threads` threads (at least one, and
/// not more than there are items). Each thread makes its own worker (its buffers and
/// scratch space) with `new_worker`. The results come back in item order.
pub fn each<T, W>(
    items: usize,
    threads: usize,
    new_worker: impl Fn() -> W + Sync,
    work: impl Fn(&mut W, usize) -> T + Sync,
) -> Vec<T>
where
    T: Send,
{
    let threads = threads.clamp(1, items.max(1));
    if threads == 1 {
        let mut worker = new_worker();
        return (0..items).map(|i| work(&mut worker, i)).collect();
    }
    let next = AtomicUsize::new(0);
    let done: Mutex<Vec<(usize, T)>> = Mutex::new(Vec::with_capacity(items));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut worker = new_worker();
                let mut mine = Vec::new();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= items {
                        break;
                    }
                    mine.push((i, work(&mut worker, i)));
                }
                done.lock()
                    .expect("no thread panics holding it")
                    .extend(mine);
            });
        }
    });
    let mut done = done.into_inner().expect("no thread panics holding it");
    done.sort_unstable_by_key(|(i, _)| *i);
    done.into_iter().map(|(_, t)| t).collect()
}

/// `work(worker, i)` for every `i` in `0..items`, as `each`, keeping nothing of each item:
/// what the work adds up stays in the workers, which come back (one per thread) for the
/// caller to merge. For runs too long to keep a result an item (a billion playouts): its
/// memory does not grow with `items`.
pub fn each_into<W>(
    items: usize,
    threads: usize,
    new_worker: impl Fn() -> W + Sync,
    work: impl Fn(&mut W, usize) + Sync,
) -> Vec<W>
where
    W: Send,
{
    each_into_until(items, threads, &AtomicBool::new(false), new_worker, work)
}

/// `each_into`, that takes no new item once `stop` is set (by Ctrl-C): the items begun
/// are finished, and the workers come back with what they added up.
pub fn each_into_until<W>(
    items: usize,
    threads: usize,
    stop: &AtomicBool,
    new_worker: impl Fn() -> W + Sync,
    work: impl Fn(&mut W, usize) + Sync,
) -> Vec<W>
where
    W: Send,
{
    let threads = threads.clamp(1, items.max(1));
    if threads == 1 {
        let mut worker = new_worker();
        for i in 0..items {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            work(&mut worker, i);
        }
        return vec![worker];
    }
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let running: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut worker = new_worker();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= items || stop.load(Ordering::Relaxed) {
                            break;
                        }
                        work(&mut worker, i);
                    }
                    worker
                })
            })
            .collect();
        running
            .into_iter()
            .map(|t| t.join().expect("a worker thread does not panic"))
            .collect()
    })
}
