# Application and simulation speedup versus simulated cores for one real
# workload (seed 002, fig. 7), side by side. Expects: appfile, simfile,
# nseries, t0.. (titles), d0.. (1: dashed), c0.. (line types), simlog, baseline (words).
load benchdir.'/common.gp'
set terminal svg size 1400,620 dynamic enhanced font 'Helvetica,15' background rgb 'white'
set output outfile
unset title
set multiplot layout 1,2 title plottitle noenhanced
set title 'application speedup' noenhanced
# points lie on or below the ideal diagonal: the top left is free for the key,
# which serves both panels
set key inside top left vertical box opaque
set ylabel 'application speedup (× the 1-core run)' noenhanced
set logscale y 2
set format y '%g'
plot for [i=0:nseries-1] appfile index i using 1:2 with linespoints lt value(sprintf('c%d', i)) \
     dt 1 + value(sprintf('d%d', i)) title value(sprintf('t%d', i)) noenhanced, \
     x with lines lc rgb '#888888' dt 3 lw 1.5 title 'ideal (= cores)'
set title 'simulation speedup' noenhanced
unset key
set ylabel 'simulation speedup (× '.baseline.' MIPS)' noenhanced
eval ylog(simlog)
plot for [i=0:nseries-1] simfile index i using 1:2 with linespoints lt value(sprintf('c%d', i)) \
     dt 1 + value(sprintf('d%d', i)) title value(sprintf('t%d', i)) noenhanced
unset multiplot
