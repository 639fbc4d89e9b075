"""Training value networks by self-play (docs/training.md): the games, the learner and the runs.

Self-play (:mod:`.selfplay`) and the measuring games run on a work pool (:mod:`mozaika.distributed`:
Ray when it is installed, local processes otherwise); the learner (:mod:`.learner`) needs PyTorch,
the ``train`` extra.  What they make is a network file that the ``master`` level plays with
(:mod:`mozaika.bots.network`), with no PyTorch needed to play.
"""
