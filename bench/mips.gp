# MIPS versus simulated cores, one line per case or configuration (seed 002,
# fig. 6: best/worst case under SK/MK). Expects from bench/plot.sh's
# parameter file: datafile, nseries, t0.. (titles), d0.. (1: dashed), c0.. (line types), logy.
load benchdir.'/common.gp'
set ylabel 'MIPS (million target instructions per second)'
eval ylog(logy)
plot for [i=0:nseries-1] datafile index i using 1:2 with linespoints lt value(sprintf('c%d', i)) \
     dt 1 + value(sprintf('d%d', i)) title value(sprintf('t%d', i)) noenhanced
