from mozaika.cli.app import run

# Guarded: the worker processes of a pool (mozaika.distributed) import this module again, and must not run.
if __name__ == "__main__":
    run()
